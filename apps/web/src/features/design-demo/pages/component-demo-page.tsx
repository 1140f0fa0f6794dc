import {
  Bell,
  CalendarDays,
  Download,
  FileText,
  Inbox,
  Mail,
  Pencil,
  Plus,
  Search,
  Settings,
  Trash2,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button.tsx';
import { Card, CardBody, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { DetailList } from '@/components/ui/detail-list.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SegmentedControl } from '@/components/ui/segmented-control.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { LoadingState, Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Pagination, Table, TBody, TD, TH, THead, TR } from '@/components/ui/table.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextAreaField } from '@/components/ui/textarea-field.tsx';
import { SummaryTile } from '@/components/ui/tile.tsx';
import { usePageTitle } from '@/lib/page-title.ts';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger', 'link'];
const SIZES: ButtonSize[] = ['sm', 'md', 'lg'];
const TONES: BadgeTone[] = ['green', 'red', 'yellow', 'blue', 'purple', 'gray'];

const STATUSES = [
  { label: 'Active', tone: 'green' },
  { label: 'Pending', tone: 'yellow' },
  { label: 'On leave', tone: 'blue' },
  { label: 'Inactive', tone: 'gray' },
] as const;
const FIRST_NAMES = ['Aiden', 'Bala', 'Chen', 'Dinesh', 'Elena', 'Farid', 'Grace', 'Hui Min', 'Imran', 'Jia Hui'];
const LAST_NAMES = ['Tan', 'Kumar', 'Lim', 'Rahman', 'Ng', 'Wong'];
const COUNTRIES = ['Singapore', 'Malaysia', 'India', 'Bangladesh', 'China'];

/** 53 made-up rows, so the pagination has a short last page. */
const SAMPLE_ROWS = Array.from({ length: 53 }, (_, index) => ({
  id: `ID-${String(1001 + index)}`,
  name: `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[index % LAST_NAMES.length]}`,
  country: COUNTRIES[index % COUNTRIES.length] ?? '',
  status: STATUSES[index % STATUSES.length] ?? STATUSES[0],
}));
const PAGE_SIZE = 6;

type Period = 'day' | 'week' | 'month' | 'year';
const PERIODS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
] as const;

export function ComponentDemoPage() {
  usePageTitle('Component Demo');
  return (
    <div>
      <PageHeader
        title="Component Demo"
        description="Every building block of the interface, in each of its variants and states."
        actions={
          <>
            <Button variant="secondary" icon={<Download aria-hidden="true" className="h-4 w-4" />}>
              Export
            </Button>
            <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />}>New item</Button>
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <ButtonsSection />
        <InputsSection />
        <ChoicesSection />
        <BadgesSection />
        <TilesSection />
        <TableSection />
        <DialogsSection />
        <FeedbackSection />
        <CardsSection />
      </div>
    </div>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-20">
      <Card>
        <div className="border-b border-line px-6 py-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-ink-muted">{description}</p>}
        </div>
        <CardBody>{children}</CardBody>
      </Card>
    </section>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">{children}</h3>;
}

function ButtonsSection() {
  return (
    <Section id="buttons" title="Buttons" description="Five variants in three sizes, with icons, busy and disabled.">
      <div className="flex flex-col gap-6">
        {SIZES.map((size) => (
          <div key={size}>
            <SubHeading>Size {size}</SubHeading>
            <div className="flex flex-wrap items-center gap-3">
              {VARIANTS.map((variant) => (
                <Button key={variant} variant={variant} size={size}>
                  {variant[0]?.toUpperCase()}
                  {variant.slice(1)}
                </Button>
              ))}
            </div>
          </div>
        ))}
        <div>
          <SubHeading>With icons, busy and disabled</SubHeading>
          <div className="flex flex-wrap items-center gap-3">
            <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />}>Add</Button>
            <Button variant="secondary" icon={<Pencil aria-hidden="true" className="h-4 w-4" />}>
              Edit
            </Button>
            <Button variant="danger" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}>
              Delete
            </Button>
            <Button busy>Saving...</Button>
            <Button variant="secondary" busy>
              Loading...
            </Button>
            <Button disabled>Disabled</Button>
            <Button variant="secondary" disabled>
              Disabled
            </Button>
            <Button variant="ghost" aria-label="Settings" icon={<Settings aria-hidden="true" className="h-4 w-4" />} />
          </div>
        </div>
      </div>
    </Section>
  );
}

function InputsSection() {
  const [notes, setNotes] = useState('');
  return (
    <Section id="inputs" title="Inputs" description="Every field has a visible label; hints and errors sit under it.">
      <div className="grid gap-5 md:grid-cols-2">
        <TextField label="Full name" placeholder="e.g. Grace Tan" autoComplete="off" />
        <TextField label="Email address" type="email" hint="We only use it to send documents." />
        <TextField label="Reference number" required error="Reference number is required" />
        <TextField label="Read-only value" readOnly value="ID-1001" />
        <SelectField
          label="Country"
          placeholder="Select a country"
          options={COUNTRIES}
          hint="A native select: the platform's own picker."
          defaultValue=""
        />
        <SelectField
          label="Status"
          placeholder="Select a status"
          options={STATUSES.map((status) => ({ value: status.label.toLowerCase(), label: status.label }))}
          error="Please choose a status"
          defaultValue=""
        />
        <SearchField label="Search" placeholder="Search by name or ID" />
        <TextField label="Date" type="date" defaultValue="2025-01-15" />
        <TextAreaField
          label="Notes"
          className="md:col-span-2"
          placeholder="Anything worth knowing"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          hint={`${notes.length}/500 characters`}
          maxLength={500}
        />
        <TextField label="Disabled field" disabled placeholder="Not editable" />
      </div>
    </Section>
  );
}

function ChoicesSection() {
  const [period, setPeriod] = useState<Period>('week');
  const [size, setSize] = useState<'s' | 'm' | 'l'>('m');
  const [notifications, setNotifications] = useState(true);
  const [digest, setDigest] = useState(false);
  return (
    <Section id="choices" title="Choices" description="Segmented controls, switches and checkboxes.">
      <div className="grid gap-8 md:grid-cols-2">
        <div className="flex flex-col gap-5">
          <SubHeading>Segmented control</SubHeading>
          <SegmentedControl<Period> label="Period" options={PERIODS} value={period} onChange={setPeriod} />
          <p className="text-sm text-ink-muted">
            Selected: <span className="font-medium text-ink">{period}</span>
          </p>
          <SegmentedControl
            label="Density"
            showLabel
            size="sm"
            options={[
              { value: 's', label: 'Compact' },
              { value: 'm', label: 'Regular' },
              { value: 'l', label: 'Relaxed' },
            ]}
            value={size}
            onChange={setSize}
          />
          <SegmentedControl<Period>
            label="Period, full width"
            fullWidth
            options={PERIODS}
            value={period}
            onChange={setPeriod}
          />
        </div>
        <div className="flex flex-col gap-5">
          <SubHeading>Switches</SubHeading>
          <Switch
            label="Notifications"
            description="Show a banner when something changes."
            checked={notifications}
            onCheckedChange={setNotifications}
          />
          <Switch label="Weekly digest" checked={digest} onCheckedChange={setDigest} />
          <Switch
            label="Unavailable option"
            description="Disabled"
            checked={false}
            onCheckedChange={() => {}}
            disabled
          />
          <SubHeading>Checkboxes</SubHeading>
          <CheckboxField label="Remember this device" defaultChecked />
          <CheckboxField label="Send a copy by e-mail" description="The copy goes to the address on file." />
          <CheckboxField label="I agree to the terms" error="Please accept the terms to continue" />
          <CheckboxField label="Disabled checkbox" disabled />
        </div>
      </div>
    </Section>
  );
}

function BadgesSection() {
  return (
    <Section id="badges" title="Badges" description="Six tones, all above 4.5:1 contrast.">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          {TONES.map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone[0]?.toUpperCase()}
              {tone.slice(1)}
            </Badge>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          {STATUSES.map((status) => (
            <Badge key={status.label} tone={status.tone} dot>
              {status.label}
            </Badge>
          ))}
          <Badge tone="red" dot>
            Expired
          </Badge>
          <Badge tone="purple" dot>
            In review
          </Badge>
        </div>
      </div>
    </Section>
  );
}

function TilesSection() {
  const [clicks, setClicks] = useState(0);
  return (
    <Section id="tiles" title="Summary tiles" description="Compact figures; a tile can be a link or a button.">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <SummaryTile
          label="People"
          value={SAMPLE_ROWS.length}
          icon={<Users />}
          tone="blue"
          description="All records"
          to="/dashboard"
        />
        <SummaryTile
          label="Active"
          value={SAMPLE_ROWS.filter((row) => row.status.label === 'Active').length}
          icon={<Bell />}
          tone="green"
          to="/dashboard"
        />
        <SummaryTile
          label="Button tile"
          value={clicks}
          icon={<CalendarDays />}
          tone="yellow"
          description="Counts its clicks"
          onClick={() => setClicks((count) => count + 1)}
        />
        <SummaryTile
          label="Static tile"
          value="$12,480.50"
          icon={<FileText />}
          tone="purple"
          description="Not clickable"
        />
      </div>
    </Section>
  );
}

function TableSection() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const filtered = SAMPLE_ROWS.filter((row) =>
    `${row.name} ${row.id}`.toLowerCase().includes(query.trim().toLowerCase()),
  );
  const rows = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Section id="table" title="Table" description="Scrolls sideways on small screens; paginated below.">
      <SearchField
        label="Filter rows"
        placeholder="Name or ID"
        className="mb-4 max-w-sm"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(1);
        }}
      />
      {rows.length === 0 ? (
        <Card className="shadow-none">
          <EmptyState
            level={3}
            icon={<Search />}
            title="No rows match"
            description={`Nothing matches "${query}". Try another name or ID.`}
            action={
              <Button variant="secondary" onClick={() => setQuery('')}>
                Clear filter
              </Button>
            }
          />
        </Card>
      ) : (
        <Table caption="Sample rows">
          <THead>
            <TR>
              <TH>Name</TH>
              <TH>ID</TH>
              <TH>Country</TH>
              <TH>Status</TH>
              <TH className="text-right">Actions</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.id}>
                <TD className="font-medium whitespace-nowrap">{row.name}</TD>
                <TD className="whitespace-nowrap text-ink-muted tabular-nums">{row.id}</TD>
                <TD>{row.country}</TD>
                <TD>
                  <Badge tone={row.status.tone}>{row.status.label}</Badge>
                </TD>
                <TD>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${row.name}`}
                      icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${row.name}`}
                      className="text-danger"
                      icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                    />
                  </div>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <Pagination
        page={page}
        pageSize={PAGE_SIZE}
        total={filtered.length}
        onPageChange={setPage}
        label="Sample rows pages"
      />
    </Section>
  );
}

function DialogsSection() {
  const [modalOpen, setModalOpen] = useState(false);
  const [primaryContact, setPrimaryContact] = useState(true);
  const [largeOpen, setLargeOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [primaryOpen, setPrimaryOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirmSlowly = () => {
    setBusy(true);
    timer.current = setTimeout(() => {
      setBusy(false);
      setPrimaryOpen(false);
      setOutcome('Marked as done.');
    }, 1500);
  };

  return (
    <Section
      id="dialogs"
      title="Dialogs"
      description="Focus stays inside; Escape, the backdrop and Close dismiss them."
    >
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setModalOpen(true)}>Open modal</Button>
        <Button variant="secondary" onClick={() => setLargeOpen(true)}>
          Open large modal
        </Button>
        <Button variant="danger" onClick={() => setConfirmOpen(true)}>
          Delete item
        </Button>
        <Button variant="secondary" onClick={() => setPrimaryOpen(true)}>
          Confirm (slow action)
        </Button>
      </div>
      {outcome && (
        <p role="status" className="mt-4 text-sm text-ink-muted">
          {outcome}
        </p>
      )}

      <Modal
        open={modalOpen}
        onOpenChange={setModalOpen}
        title="Edit contact"
        description="Changes are saved when you press Save."
        footer={
          <>
            <Button variant="secondary" onClick={() => setModalOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setModalOpen(false);
                setOutcome('Contact saved.');
              }}
            >
              Save
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <TextField label="Contact name" defaultValue="Grace Tan" />
          <TextField label="Contact email" type="email" defaultValue="grace@example.com" />
          <Switch label="Primary contact" checked={primaryContact} onCheckedChange={setPrimaryContact} />
        </div>
      </Modal>

      <Modal open={largeOpen} onOpenChange={setLargeOpen} title="Details" size="lg">
        <DetailList
          columns={2}
          items={[
            { label: 'Name', value: 'Grace Tan' },
            { label: 'Reference', value: 'ID-1007' },
            { label: 'Country', value: 'Singapore' },
            { label: 'Status', value: <Badge tone="green">Active</Badge> },
            { label: 'Phone', value: '' },
            { label: 'Email', value: 'grace@example.com' },
          ]}
        />
      </Modal>

      <ConfirmDialog
        open={confirmOpen}
        title="Delete this item?"
        message="Are you sure you want to delete this item? This cannot be undone."
        onConfirm={() => {
          setConfirmOpen(false);
          setOutcome('Item deleted.');
        }}
        onCancel={() => setConfirmOpen(false)}
      />
      <ConfirmDialog
        open={primaryOpen}
        title="Mark as done?"
        message="The confirm button shows a spinner while the action runs."
        confirmLabel={busy ? 'Working...' : 'Mark as done'}
        tone="primary"
        busy={busy}
        onConfirm={confirmSlowly}
        onCancel={() => setPrimaryOpen(false)}
      />
    </Section>
  );
}

function FeedbackSection() {
  return (
    <Section id="feedback" title="Feedback" description="Alerts, spinners, loading and empty states.">
      <div className="grid gap-3 md:grid-cols-2">
        <Alert tone="info" title="Information">
          A new version is available.
        </Alert>
        <Alert tone="success">Saved successfully.</Alert>
        <Alert tone="warning" title="Expiring soon">
          Three documents expire within 30 days.
        </Alert>
        <Alert tone="error">Failed to load the list.</Alert>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-6 text-accent">
        <Spinner size="sm" />
        <Spinner size="md" />
        <Spinner size="lg" />
        <span className="text-sm text-ink-muted">Spinners in three sizes</span>
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <Card className="shadow-none">
          <LoadingState label="Loading sample data" />
        </Card>
        <Card className="shadow-none">
          <EmptyState
            level={3}
            icon={<Inbox />}
            title="Nothing here yet"
            description="Add your first item to get started."
            action={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />}>Add first item</Button>}
          />
        </Card>
      </div>
    </Section>
  );
}

function CardsSection() {
  return (
    <Section id="cards" title="Cards" description="Surfaces with a header, body and footer.">
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader
            level={3}
            title="Contact"
            description="How to reach this person."
            actions={
              <Button variant="secondary" size="sm" icon={<Pencil aria-hidden="true" className="h-4 w-4" />}>
                Edit
              </Button>
            }
          />
          <CardBody>
            <DetailList
              items={[
                { label: 'Email', value: 'grace@example.com' },
                { label: 'Phone', value: '+65 8123 4567' },
                { label: 'Address', value: '10 Example Road, Singapore' },
                { label: 'Notes', value: null },
              ]}
            />
          </CardBody>
        </Card>
        <Card className="flex flex-col">
          <CardHeader level={3} title="Send a document" description="A card with a form and a footer." />
          <CardBody className="flex-1">
            <div className="flex flex-col gap-4">
              <TextField label="Recipient" type="email" placeholder="name@example.com" />
              <CheckboxField label="Attach a PDF copy" defaultChecked />
            </div>
          </CardBody>
          <CardFooter>
            <Button variant="secondary">Cancel</Button>
            <Button icon={<Mail aria-hidden="true" className="h-4 w-4" />}>Send</Button>
          </CardFooter>
        </Card>
      </div>
    </Section>
  );
}
