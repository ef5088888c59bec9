import { Button } from "@/components/ui/button";
import { env } from "@/config/env";
import { useSignInWithProvider } from "../api/sign-in-with-provider";
import { authErrorMessage } from "../utils/auth-error-message";
import styles from "./auth-form.module.css";

const providerNames: Record<string, string> = {
  google: "Google",
  github: "GitHub",
  apple: "Apple",
  discord: "Discord",
  facebook: "Facebook",
  twitter: "X (Twitter)",
  gitlab: "GitLab",
  azure: "Microsoft",
};

export function providerLabel(provider: string): string {
  return providerNames[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** One button per provider listed in VITE_AUTH_PROVIDERS; nothing when the list is empty. */
export function SocialButtons({ providers = env.authProviders, onError }: { providers?: string[]; onError: (message: string) => void }) {
  const providerSignIn = useSignInWithProvider({ mutationConfig: { onError: (error) => onError(authErrorMessage(error)) } });
  // After success the browser is on its way to the provider: the button keeps spinning.
  const pending = providerSignIn.isPending || providerSignIn.isSuccess ? providerSignIn.variables : null;
  if (providers.length === 0) return null;
  return (
    <div className={styles.social}>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          block
          isLoading={pending === provider}
          onClick={() => providerSignIn.mutate(provider)}
        >
          Continue with {providerLabel(provider)}
        </Button>
      ))}
      <p className={styles.divider}>
        <span>or with e-mail</span>
      </p>
    </div>
  );
}
