import { PRODUCT_NAME, PRODUCT_TITLE } from '@td/shared/options/product';
import { useEffect } from 'react';

/** SPEC 2 Shell: the generic title on the dashboard, the product name plus the page title elsewhere. */
export function usePageTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${PRODUCT_NAME} | ${pageTitle}` : PRODUCT_TITLE;
  }, [pageTitle]);
}
