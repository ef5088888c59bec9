import { createContext, useContext } from "react";

const noop = () => {};

/** Closes the header's phone menu and gives focus back to its button; what a control in the menu that opens a dialog calls first. */
export const HeaderMenuContext = createContext<() => void>(noop);

export function useCloseHeaderMenu(): () => void {
  return useContext(HeaderMenuContext);
}
