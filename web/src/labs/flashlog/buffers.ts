// The Append/Pack buffers as text. The pack buffer's view lists a page, or null for a copy that
// died there: its page was re-written while the copy waited, so its slot goes to flash invalid
// (core/src/flashlog/appendpack/layout.rs, `remove_from_pbuf`). A student reads "dead", never
// the device's "no page" sentinel.

export const DEAD_COPY = "dead";

/** "3, 17, dead, 9", or "empty". */
export function bufferText(entries: readonly (number | null)[]): string {
  if (entries.length === 0) return "empty";
  return entries.map((page) => (page === null ? DEAD_COPY : String(page))).join(", ");
}

/** The sentence explaining dead copies, when the buffer holds any. */
export function deadCopiesNote(entries: readonly (number | null)[]): string | null {
  const dead = entries.filter((page) => page === null).length;
  if (dead === 0) return null;
  const copies = dead === 1 ? "1 copy is" : `${dead} copies are`;
  return `${copies} dead: the page was re-written while its packed copy waited here, so its slot is written to flash invalid.`;
}
