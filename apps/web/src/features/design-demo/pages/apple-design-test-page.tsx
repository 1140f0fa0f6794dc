import { Bell, ChevronRight, Cloud, Lock, Moon, Shield, Smartphone, Sparkles, Wifi } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter } from '@/components/ui/card.tsx';
import { cn } from '@/components/ui/cn.ts';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SegmentedControl } from '@/components/ui/segmented-control.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

type TextSize = 'small' | 'default' | 'large';
type Sync = 'hourly' | 'daily' | 'weekly';

/** A small showcase of the look: an inset, grouped settings card like the system settings on a Mac. */
export function AppleDesignTestPage() {
  usePageTitle('Apple Design Test');
  const [textSize, setTextSize] = useState<TextSize>('default');
  const [sync, setSync] = useState<Sync>('daily');
  const [settings, setSettings] = useState({ notifications: true, sounds: false, focus: true, backup: true });
  const [name, setName] = useState('Grace Tan');
  const [saved, setSaved] = useState(false);
  const toggle = (key: keyof typeof settings) => (checked: boolean) => {
    setSettings((current) => ({ ...current, [key]: checked }));
    setSaved(false);
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Apple Design Test"
        description="Clean surfaces, soft borders, one accent colour and generous spacing."
      />

      <div className="flex flex-col gap-8">
        <Card>
          <CardBody className="flex flex-col gap-6">
            <div className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-sky-400 to-accent text-lg font-semibold text-white"
              >
                {name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')
                  .slice(0, 2)
                  .toUpperCase() || '?'}
              </span>
              <div className="min-w-0">
                <h2 className="truncate text-lg font-semibold tracking-tight">{name || 'Your name'}</h2>
                <p className="text-sm text-ink-muted">Account settings</p>
              </div>
              <Badge tone="blue" className="ml-auto">
                Pro
              </Badge>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Display name"
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setSaved(false);
                }}
              />
              <TextField label="Email" type="email" defaultValue="grace@example.com" />
              <SelectField
                label="Region"
                options={['Singapore', 'Malaysia', 'Indonesia', 'Thailand']}
                defaultValue="Singapore"
              />
              <TextField label="Phone" type="tel" placeholder="+65" />
            </div>
          </CardBody>
          <CardFooter>
            {saved && (
              <p role="status" className="mr-auto text-sm text-success">
                Saved
              </p>
            )}
            <Button variant="secondary" onClick={() => setSaved(false)}>
              Revert
            </Button>
            <Button onClick={() => setSaved(true)}>Save changes</Button>
          </CardFooter>
        </Card>

        <SettingsGroup title="Appearance">
          <SettingsRow icon={<Sparkles />} tint="bg-accent" title="Text size">
            <SegmentedControl<TextSize>
              label="Text size"
              size="sm"
              options={[
                { value: 'small', label: 'Small' },
                { value: 'default', label: 'Default' },
                { value: 'large', label: 'Large' },
              ]}
              value={textSize}
              onChange={setTextSize}
            />
          </SettingsRow>
          <SettingsRow icon={<Moon />} tint="bg-indigo-500" title="Theme">
            <span className="text-sm text-ink-muted">Always light</span>
          </SettingsRow>
        </SettingsGroup>

        <SettingsGroup title="Notifications" footer="Notifications appear at the top right of the window.">
          <SwitchRow icon={<Bell />} tint="bg-red-500">
            <Switch
              label="Allow notifications"
              description="Banners for changes made by others"
              checked={settings.notifications}
              onCheckedChange={toggle('notifications')}
            />
          </SwitchRow>
          <SwitchRow icon={<Smartphone />} tint="bg-pink-500">
            <Switch
              label="Play sounds"
              checked={settings.sounds}
              onCheckedChange={toggle('sounds')}
              disabled={!settings.notifications}
            />
          </SwitchRow>
          <SwitchRow icon={<Moon />} tint="bg-violet-500">
            <Switch label="Quiet hours" checked={settings.focus} onCheckedChange={toggle('focus')} />
          </SwitchRow>
        </SettingsGroup>

        <SettingsGroup title="Backup">
          <SwitchRow icon={<Cloud />} tint="bg-sky-500">
            <Switch label="Automatic backup" checked={settings.backup} onCheckedChange={toggle('backup')} />
          </SwitchRow>
          <SettingsRow icon={<Wifi />} tint="bg-green-600" title="Frequency">
            <SegmentedControl<Sync>
              label="Backup frequency"
              size="sm"
              options={[
                { value: 'hourly', label: 'Hourly' },
                { value: 'daily', label: 'Daily' },
                { value: 'weekly', label: 'Weekly' },
              ]}
              value={sync}
              onChange={setSync}
            />
          </SettingsRow>
        </SettingsGroup>

        <section aria-labelledby="actions-title">
          <h2 id="actions-title" className="mb-2 px-4 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Actions
          </h2>
          <div className="flex flex-wrap gap-3">
            <fieldset className="inline-flex overflow-hidden rounded-xl border border-line bg-white shadow-xs">
              <legend className="sr-only">History</legend>
              <button type="button" className="px-4 py-2 text-sm font-medium hover:bg-canvas">
                Undo
              </button>
              <button type="button" className="border-l border-line px-4 py-2 text-sm font-medium hover:bg-canvas">
                Redo
              </button>
            </fieldset>
            <Button variant="secondary">Export settings</Button>
            <Button>Check for updates</Button>
            <Button variant="danger">Sign out everywhere</Button>
          </div>
        </section>

        <section aria-labelledby="features-title">
          <h2 id="features-title" className="mb-2 px-4 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Security
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <FeatureCard
              icon={<Lock />}
              tint="bg-accent"
              title="Passwords"
              text="Sign-in details are stored encrypted and never shown again."
              action="Manage passwords"
            />
            <FeatureCard
              icon={<Shield />}
              tint="bg-green-600"
              title="Sessions"
              text="See where you are signed in and end any session."
              action="Manage sessions"
            />
          </div>
        </section>
      </div>
    </div>
  );
}

function SettingsGroup({ title, footer, children }: { title: string; footer?: string; children: ReactNode }) {
  const id = `group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 px-4 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {title}
      </h2>
      <Card className="divide-y divide-line overflow-hidden">{children}</Card>
      {footer && <p className="mt-2 px-4 text-xs text-ink-muted">{footer}</p>}
    </section>
  );
}

function IconChip({ icon, tint }: { icon: ReactNode; tint: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex h-7 w-7 shrink-0 items-center justify-center rounded-lg text-white [&>svg]:h-4 [&>svg]:w-4',
        tint,
      )}
    >
      {icon}
    </span>
  );
}

function SettingsRow({
  icon,
  tint,
  title,
  children,
}: {
  icon: ReactNode;
  tint: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
      <IconChip icon={icon} tint={tint} />
      <span className="text-sm font-medium">{title}</span>
      <div className="ml-auto">{children}</div>
    </div>
  );
}

function SwitchRow({ icon, tint, children }: { icon: ReactNode; tint: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 px-4 py-3">
      <IconChip icon={icon} tint={tint} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

interface FeatureCardProps {
  icon: ReactNode;
  tint: string;
  title: string;
  text: string;
  action: string;
}

function FeatureCard({ icon, tint, title, text, action }: FeatureCardProps) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <IconChip icon={icon} tint={tint} />
      <h3 className="font-semibold tracking-tight">{title}</h3>
      <p className="text-sm text-ink-muted">{text}</p>
      <Button variant="link" className="mt-auto self-start">
        {action}
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </Card>
  );
}
