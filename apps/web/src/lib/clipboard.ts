/** Copying text to the clipboard: the async Clipboard API, else a hidden textarea for older or insecure contexts. */

function copyWithTextarea(value: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const textarea = document.createElement('textarea');
  textarea.value = value;
  // Read-only and off-screen: no keyboard pops up on phones and the page does not scroll to it.
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  textarea.select();
  textarea.setSelectionRange(0, value.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/** True when the text reached the clipboard. */
export async function copyText(value: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(value);
      return true;
    } catch {
      // Denied (no user gesture, insecure origin, an embedding frame): the textarea path may still work.
    }
  }
  return copyWithTextarea(value);
}
