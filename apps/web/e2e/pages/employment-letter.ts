import type { Locator, Page } from '@playwright/test';

/** Page model of /worker/employment-letter/{id} (SPEC 2 Employment letter). */
export class EmploymentLetterScreen {
  readonly heading: Locator;
  readonly generateButton: Locator;
  readonly generatingButton: Locator;
  readonly downloadButton: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Employment Letter' });
    this.generateButton = page.getByRole('button', { name: 'Generate Employment Letter' });
    this.generatingButton = page.getByRole('button', { name: 'Generating...' });
    this.downloadButton = page.getByRole('button', { name: 'Download PDF' });
    this.alert = page.getByRole('alert');
  }

  async open(workerId: string): Promise<void> {
    await this.page.goto(`/worker/employment-letter/${workerId}`);
  }

  /** The value shown under a label of the Worker Details card. */
  detail(label: string): Locator {
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page.locator('dt', { hasText: exact }).locator('+ dd');
  }

  /** The preview frame of the letter for this worker. */
  preview(workerName: string): Locator {
    return this.page.locator(`iframe[title="Employment letter for ${workerName}"]`);
  }

  /** Delays the letter answer, so the Generating... state can be seen. */
  async slowDownLetter(ms: number): Promise<void> {
    await this.page.route('**/api/workers/*/employment-letter', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }
}
