import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInput } from '@/app/components/filter-input';
import { ListPager } from '@/app/components/list-pager';
import { ListTable, WRAPS } from '@/app/components/list-table';
import { FilterSelect } from '@/app/components/option-select';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { useListFilters } from '@/app/components/use-list-filters';
import { PageFrame } from '@/app/components/page/page-frame';
import { onDemand, popupButtonProps } from '@/app/lib/on-demand';
import { usePermissions } from '@/app/lib/session/use-session';
import {
  measuredElements,
  referenceMaterialKinds,
  type MeasuredElement,
  type ReferenceMaterialKind,
} from '@/shared/measurement/measurement';
import { deltaOf, valuesInForce, valueWords } from './material-words';
import { referenceMaterialQueries, type ReferenceMaterial } from './reference-material-queries';

const noFilters = { search: '', kind: '', element: '' };

// The form (its checks, the date picker) comes when a manager reaches for the button, not with the list.
const useAddDialog = onDemand(() => import('./add-material-dialog').then((chunk) => chunk.AddMaterialDialog));

/** The reference materials' registry: each material with the value of each element in force today. */
export function ReferenceMaterialsPage() {
  const { t } = useTranslation('reference-materials');
  const navigate = useNavigate();
  const { filters, settled, page, setPage, setFilter } = useListFilters(noFilters);
  const materials = useQuery(
    referenceMaterialQueries.list(
      {
        search: settled.search.trim() || undefined,
        kind: (settled.kind || undefined) as ReferenceMaterialKind | undefined,
        element: (settled.element || undefined) as MeasuredElement | undefined,
      },
      page,
    ),
  );
  const mayManage = usePermissions().includes('CanManageReferenceMaterial');
  const [isAdding, setAdding] = useState(false);
  const { Component: AddDialog, prefetch, open: fetchDialog } = useAddDialog();
  const set = (name: keyof typeof noFilters) => (value: string) => setFilter(name, value);

  return (
    <PageFrame
      title={t('title')}
      actions={
        mayManage && (
          <Button
            {...popupButtonProps('dialog', {
              prefetch,
              open: () => {
                setAdding(true);
                fetchDialog();
              },
            })}
            // The button stays when its dialog comes, so it says whether the dialog is open.
            aria-expanded={isAdding}
            data-state={isAdding ? 'open' : 'closed'}
          >
            <PlusIcon />
            {t('list.add')}
          </Button>
        )
      }
    >
      <p className="max-w-3xl text-sm text-muted-foreground">{t('intro')}</p>
      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <FilterInput type="search" label={t('list.search')} value={filters.search} onChange={set('search')} />
            <FilterSelect
              className="w-full"
              label={t('fields.kind')}
              anyLabel={t('list.allKinds')}
              value={filters.kind}
              onValueChange={set('kind')}
              options={referenceMaterialKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            />
            <FilterSelect
              className="w-full"
              label={t('fields.element')}
              anyLabel={t('list.allElements')}
              value={filters.element}
              onValueChange={set('element')}
              options={measuredElements.map((element) => ({ value: element, label: deltaOf(element) }))}
            />
          </div>
          <ListTable
            columns={4}
            isLoading={materials.isPending}
            error={materials.error}
            items={materials.data?.items ?? []}
            head={
              <>
                <TableHead>{t('fields.name')}</TableHead>
                <TableHead>{t('fields.material')}</TableHead>
                <TableHead>{t('fields.kind')}</TableHead>
                <TableHead>{t('fields.valuesInForce')}</TableHead>
              </>
            }
            row={(material) => <MaterialRow key={material.id} material={material} />}
          />
          <ListPager total={materials.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      {mayManage && AddDialog && (
        <AddDialog
          open={isAdding}
          onOpenChange={setAdding}
          onAdded={(material) =>
            void navigate({ to: '/reference-materials/$materialId', params: { materialId: String(material.id) } })
          }
        />
      )}
    </PageFrame>
  );
}

function MaterialRow({ material }: { material: ReferenceMaterial }) {
  const { t } = useTranslation('reference-materials');
  const values = valuesInForce(material);
  return (
    <TableRow data-testid={`material-${material.name}`}>
      <TableCell className="min-w-32 align-top whitespace-normal">
        <Link
          to="/reference-materials/$materialId"
          params={{ materialId: String(material.id) }}
          className="font-medium text-primary hover:underline"
        >
          {material.name}
        </Link>
        {material.aliases.length > 0 && (
          <div className="text-xs text-muted-foreground">
            {t('alsoCalled', { aliases: material.aliases.join(', ') })}
          </div>
        )}
      </TableCell>
      <TableCell className={`${WRAPS} align-top`}>{material.material}</TableCell>
      <TableCell className="align-top">
        <Badge variant={material.kind === 'international' ? 'secondary' : 'outline'}>
          {t(`kinds.${material.kind}`)}
        </Badge>
      </TableCell>
      <TableCell className="align-top">
        {values.length === 0 ? (
          <span className="text-muted-foreground">{t('noValue')}</span>
        ) : (
          <ul className="grid gap-0.5">
            {values.map((value) => (
              <li key={value.id} className="flex gap-2 tabular-nums" data-element={value.element}>
                <span className="w-10 shrink-0 font-medium">{deltaOf(value.element)}</span>
                <span>{valueWords(value, t)}</span>
              </li>
            ))}
          </ul>
        )}
      </TableCell>
    </TableRow>
  );
}
