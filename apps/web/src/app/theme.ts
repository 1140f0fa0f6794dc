const THEME_KEY = 'theme';

/** SPEC 1: the theme is kept in local storage and is always light. */
export function applyTheme(): void {
  try {
    localStorage.setItem(THEME_KEY, 'light');
  } catch {
    // Storage can be unavailable (private mode); the theme is light either way.
  }
  document.documentElement.classList.remove('dark');
  document.documentElement.dataset.theme = 'light';
}
