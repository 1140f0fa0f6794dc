/**
 * CONVENTIONS 15, decision 022: every message of a refused form shows at once, and focus moves to
 * the first field in error, in the order the form shows them. Controls in error carry
 * `aria-invalid="true"`; a group's message that belongs to no single control (e.g. "upload at least one
 * document") carries `data-form-error` and `tabindex="-1"`.
 *
 * Runs in the next task, after React has rendered the messages just set. Not requestAnimationFrame: a
 * frame may never come while nothing repaints (a background tab, headless Chromium), and focus with it.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  setTimeout(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, 0);
}
