const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text (a name, a link) made safe to put in HTML: nothing a user typed becomes markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? '')
