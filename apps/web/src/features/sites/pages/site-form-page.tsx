import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_SAVE_FAILED, type Site } from '@td/shared/schemas/site';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { ApiError, api } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/page-title.ts';

const EMPTY = { name: '', client_company: '', project_reference: '', address: '', active: true };

/** Decision 090: add or edit a site; the server's messages show under their fields. */
export function SiteFormPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit Site' : 'Add Site');
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const existing = useQuery({
    queryKey: ['sites', 'detail', id],
    queryFn: ({ signal }) => api<Site>(`/api/sites/${id}`, { signal }),
    enabled: id !== undefined,
  });
  useEffect(() => {
    if (existing.data) {
      const { name, client_company, project_reference, address, active } = existing.data;
      setValues({ name, client_company, project_reference: project_reference ?? '', address: address ?? '', active });
    }
  }, [existing.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      await api<Site>(id ? `/api/sites/${id}` : '/api/sites', { method: id ? 'PUT' : 'POST', body: values });
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
      toast.show({ title: id ? 'Site updated' : 'Site added', description: values.name, tone: 'success' });
      await navigate('/sites');
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setProblem(`${SITE_SAVE_FAILED} ${error instanceof Error ? error.message : ''}`);
    } finally {
      setSaving(false);
    }
  };
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  if (id && existing.isError) {
    return (
      <Alert tone="error" title="The requested site could not be found.">
        Go back to the sites list.
      </Alert>
    );
  }
  return (
    <form className="max-w-xl space-y-4" onSubmit={submit} noValidate>
      <PageHeader title={id ? 'Edit Site' : 'Add Site'} />
      {problem && (
        <Alert tone="error" title="Not saved">
          {problem}
        </Alert>
      )}
      <TextField label="Site Name" required value={values.name} onChange={set('name')} error={errors.name} />
      <TextField
        label="Client Company"
        required
        value={values.client_company}
        onChange={set('client_company')}
        error={errors.client_company}
        hint="The main contractor: crew entry suggests the workers supplied to this company."
      />
      <TextField
        label="Project Reference"
        value={values.project_reference}
        onChange={set('project_reference')}
        error={errors.project_reference}
      />
      <TextField label="Address" value={values.address} onChange={set('address')} error={errors.address} />
      <CheckboxField
        label="Active"
        checked={values.active}
        onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save Site'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => void navigate('/sites')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
