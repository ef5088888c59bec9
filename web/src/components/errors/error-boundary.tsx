import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorFallback } from "./error-fallback";

type Props = { children: ReactNode; fallback?: (error: unknown) => ReactNode };
type State = { error: unknown; hasError: boolean };

/** Catches render errors outside the router (the router has its own boundaries). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Uncaught error", error, info.componentStack);
  }

  render() {
    if (this.state.hasError) return this.props.fallback?.(this.state.error) ?? <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
