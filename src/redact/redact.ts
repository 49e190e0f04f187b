// Secret redaction applied to every text before it is stored or sent to an embedding endpoint.
// (Placeholder signature; the full rule table is being written.)
export function redact(text: string): string {
  return text;
}
