import { PRODUCT_NAME } from '@td/shared/options/product';
import { ArrowLeft, BellRing, HardHat, KeyRound, LogOut, Menu, MonitorSmartphone, ShieldCheck, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useAuth, useCan } from '@/features/auth/auth-provider.tsx';
import { NAVIGATION, navigationEntryOf, writePermissionOf } from './navigation.ts';

/** SPEC 2 Shell: side navigation, menu button on small screens, back arrow on every page but the dashboard. */
export function AppLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const isDashboard = location.pathname === '/dashboard';
  const menuButton = useRef<HTMLButtonElement>(null);
  const can = useCan();
  // Decision 104: a page of an entry the role may not use says so (the server refuses its data anyway).
  const entry = navigationEntryOf(location.pathname);
  const writing = writePermissionOf(location.pathname);
  const allowed = (!entry || can(entry.permission)) && (!writing || can(writing));

  // A chosen destination closes the sidebar on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setSidebarOpen(false), [location.pathname]);

  // SPEC 2: Escape closes the open menu, and focus goes back to the button that opened it.
  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSidebarOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  return (
    <div className="min-h-screen lg:pl-64">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {sidebarOpen && (
        <button
          type="button"
          aria-label="Close menu"
          tabIndex={-1}
          className="fixed inset-0 z-30 bg-black/30 lg:hidden"
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <Sidebar
        open={sidebarOpen}
        onClose={() => {
          setSidebarOpen(false);
          menuButton.current?.focus();
        }}
      />

      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-line bg-white/80 px-4 backdrop-blur lg:px-8">
        <button
          ref={menuButton}
          type="button"
          className="rounded-lg p-2 hover:bg-black/5 lg:hidden"
          aria-label="Open menu"
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          onClick={() => setSidebarOpen(true)}
        >
          <Menu aria-hidden="true" className="h-5 w-5" />
        </button>
        {!isDashboard && (
          <button
            type="button"
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-accent hover:bg-black/5"
            onClick={() => navigate(-1)}
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back
          </button>
        )}
        <span className="ml-auto text-sm font-semibold lg:hidden">{PRODUCT_NAME}</span>
      </header>

      <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
        {allowed ? (
          <Outlet />
        ) : (
          <EmptyState
            title="Not available to your role"
            description="Your role does not allow this page. Ask an admin if you need it."
          />
        )}
      </main>
    </div>
  );
}

function Sidebar({ open, onClose }: { open: boolean; onClose(): void }) {
  const { user } = useAuth();
  const can = useCan();
  const navigate = useNavigate();
  const location = useLocation();
  const current = navigationEntryOf(location.pathname);
  const entries = NAVIGATION.filter((entry) => can(entry.permission));
  const firstLink = useRef<HTMLAnchorElement>(null);

  // Opened on a small screen: focus moves into the menu.
  useEffect(() => {
    if (open) firstLink.current?.focus();
  }, [open]);

  // Through /logout, so a form with unsaved changes asks first (its guard holds the navigation).
  const handleSignOut = () => navigate('/logout');

  return (
    <aside
      id="sidebar"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-line bg-white',
        // SPEC 2: closed on a small screen it is hidden, not just moved off-screen, so its
        // controls leave the tab order and the accessibility tree. Opening shows it at once (focus can
        // move in); closing hides it after the slide.
        open
          ? 'visible translate-x-0 transition-transform'
          : 'invisible -translate-x-full transition-[transform,visibility] lg:visible lg:translate-x-0',
      )}
    >
      <div className="flex h-14 items-center gap-2 border-b border-line px-5">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-accent text-white">
          <HardHat aria-hidden="true" className="h-4 w-4" />
        </span>
        <span className="font-semibold">{PRODUCT_NAME}</span>
        <button
          type="button"
          className="ml-auto rounded-lg p-1.5 hover:bg-black/5 lg:hidden"
          aria-label="Close menu"
          onClick={onClose}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {entries.map(({ label, to, Icon }, index) => {
            const active = current?.to === to;
            return (
              <li key={to}>
                <Link
                  ref={index === 0 ? firstLink : undefined}
                  to={to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium transition-colors',
                    active ? 'bg-accent/10 text-accent' : 'text-ink hover:bg-black/5',
                  )}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-line p-3">
        {user && (
          <p className="truncate px-3 pb-2 text-xs text-ink-muted" title={user.email}>
            Signed in as {user.name}
          </p>
        )}
        <Link
          to="/account/password"
          aria-current={location.pathname === '/account/password' ? 'page' : undefined}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink hover:bg-black/5"
        >
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          Change password
        </Link>
        {/* Decision 104: two-factor sign-in and the account's own sessions. */}
        <Link
          to="/account/two-factor"
          aria-current={location.pathname === '/account/two-factor' ? 'page' : undefined}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink hover:bg-black/5"
        >
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          Two-factor sign-in
        </Link>
        <Link
          to="/account/sessions"
          aria-current={location.pathname === '/account/sessions' ? 'page' : undefined}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink hover:bg-black/5"
        >
          <MonitorSmartphone aria-hidden="true" className="h-4 w-4" />
          Sessions
        </Link>
        {/* Decision 094: the person's compliance reminders (weekly digest, calendar feed). */}
        <Link
          to="/account/reminders"
          aria-current={location.pathname === '/account/reminders' ? 'page' : undefined}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink hover:bg-black/5"
        >
          <BellRing aria-hidden="true" className="h-4 w-4" />
          Reminders
        </Link>
        <button
          type="button"
          onClick={handleSignOut}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-danger hover:bg-red-50 disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Sign Out
        </button>
      </div>
    </aside>
  );
}
