import { Fragment } from "react";
import type { MarkedPart } from "../utils/marked-text";

/** A search match's runs of text, the matched words in <mark> (styled in global.css); text only, never HTML. */
export function MarkedText({ parts }: { parts: MarkedPart[] }) {
  return parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>));
}
