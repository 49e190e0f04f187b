// Wraps text that came from indexed files so a model can tell data from instructions: a fresh random nonce per
// call marks the closing tag, so nothing inside the content can close or fake the wrapper.

/** Random bytes in each nonce (hex-encoded, so the nonce is twice as many characters). */
export const NONCE_BYTES = 16;

export function freshNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `origin` names where the content comes from, e.g. `code-index:myproject`; it is attribute-escaped. */
export function wrapUntrusted(content: string, origin: string, nonce: string = freshNonce()): string {
  return `<untrusted-content id="${nonce}" origin="${escapeAttribute(origin)}">\n${content}\n</untrusted-content id="${nonce}">`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
