/** Escapes text for HTML and SVG: the server's few hand-written pages and the demo artwork. */
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' };

export function escapeMarkup(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ENTITIES[c]!);
}
