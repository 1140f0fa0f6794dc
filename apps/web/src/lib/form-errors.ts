/**
 * CONVENTIONS 15, issue 8 item 7: every message of a refused form shows at once, and focus moves to
 * the first field in error, in the order the form shows them. Controls in error carry
 * `aria-invalid="true"`; a group's message that belongs to no single control (e.g. "upload at least one
 * document") carries `data-form-error` and `tabindex="-1"`.
 *
 * Runs after the next paint, so the messages just set are in the page when focus arrives.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
