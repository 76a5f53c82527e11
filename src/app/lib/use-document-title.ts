import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the screen ("Client Requests · Isotope Lab"), so that tabs, history
 * and bookmarks tell screens apart; the product name alone once the screen is left.
 */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const productName = t('productName');
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${productName}`;
    return () => {
      document.title = productName;
    };
  }, [title, productName]);
}
