import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/app/components/back-button';
import { DetailStatus } from '@/app/components/load-problem';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { WIDE_ONLY } from '@/app/components/list-table';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { PageFrame } from '@/app/components/page/page-frame';
import { onDemand, popupButtonProps } from '@/app/lib/on-demand';
import { usePermissions } from '@/app/lib/session/use-session';
import { hasAnyPermission } from '@/shared/permissions';
import { measuredElements, type MeasuredElement } from '@/shared/measurement/measurement';
import { ImpactCard } from './impact-card';
import { deltaOf, scaleName, sheetNumber, versionState } from './material-words';
import { referenceMaterialQueries, type ReferenceMaterial } from './reference-material-queries';
import { Fact } from '@/app/components/fact';

// The form (its checks, the date picker) comes when a manager reaches for a New value button.
const useNewValueDialog = onDemand(() => import('./new-value-dialog').then((chunk) => chunk.NewValueDialog));

/** The material an address names: a record id, else none. */
const materialIdOf = (param: string) => (/^\d{1,10}$/.test(param) && Number(param) > 0 ? Number(param) : undefined);

/** A column's name wraps rather than widen the table past a tablet. */
const HEAD = 'whitespace-normal';

const stateBadge = { inForce: 'default', earlier: 'outline', upcoming: 'warning' } as const;

/** One reference material: every version of each element's value, and what was computed on an earlier one. */
export function ReferenceMaterialPage({ materialId: param }: { materialId: string }) {
  const { t } = useTranslation('reference-materials');
  const materialId = materialIdOf(param);
  const material = useQuery({ ...referenceMaterialQueries.detail(materialId ?? 0), enabled: materialId !== undefined });
  const held = usePermissions();
  const mayManage = held.includes('CanManageReferenceMaterial');
  const mayReadImpact = hasAnyPermission(held, [
    'CanManageReferenceMaterial',
    'CanRecomputeMeasurementRun',
    'CanViewMeasurementRun',
  ]);
  const data = material.data;
  return (
    <PageFrame
      title={data?.name ?? t('detail.loading')}
      actions={<BackButton to="/reference-materials" label={t('detail.back')} />}
    >
      {!data ? (
        <DetailStatus
          isLoading={material.isPending && materialId !== undefined}
          error={material.error}
          notFound={t('detail.notFound')}
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          <MaterialFacts material={data} />
          {measuredElements
            .filter((element) => mayManage || data.values.some((value) => value.element === element))
            .map((element) => (
              <ElementVersions key={element} material={data} element={element} mayManage={mayManage} />
            ))}
          {mayReadImpact && <ImpactCard materialId={data.id} />}
        </div>
      )}
    </PageFrame>
  );
}

function MaterialFacts({ material }: { material: ReferenceMaterial }) {
  const { t } = useTranslation('reference-materials');
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <Fact label={t('fields.material')} value={material.material} />
      <Fact label={t('fields.kind')} value={t(`kinds.${material.kind}`)} />
      <Fact label={t('fields.aliases')} value={material.aliases.join(', ')} />
      {material.notes && <Fact label={t('fields.notes')} value={material.notes} />}
    </dl>
  );
}

/** Every version of one element's value, oldest first, the one in force marked. */
function ElementVersions({
  material,
  element,
  mayManage,
}: {
  material: ReferenceMaterial;
  element: MeasuredElement;
  mayManage: boolean;
}) {
  const { t, i18n } = useTranslation('reference-materials');
  const [isAdding, setAdding] = useState(false);
  const { Component: NewValueDialog, prefetch, open: fetchDialog } = useNewValueDialog();
  const delta = deltaOf(element);
  const versions = material.values.filter((value) => value.element === element);
  return (
    <Card data-testid={`versions-${element}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('detail.versions', { element: delta })}</CardTitle>
        {mayManage && (
          <Button
            variant="outline"
            size="sm"
            {...popupButtonProps('dialog', {
              prefetch,
              open: () => {
                setAdding(true);
                fetchDialog();
              },
            })}
            aria-expanded={isAdding}
            data-state={isAdding ? 'open' : 'closed'}
          >
            <PlusIcon aria-hidden="true" />
            <span aria-hidden="true">{t('newValue.open')}</span>
            <span className="sr-only">{t('newValue.openFor', { element: delta })}</span>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noValues')}</p>
        ) : (
          <Table aria-label={t('detail.versionsTable', { element: delta })}>
            <TableHeader>
              <TableRow>
                <TableHead className={HEAD}>{t('fields.validFrom')}</TableHead>
                <TableHead className={`${HEAD} text-right`}>{t('fields.value')}</TableHead>
                <TableHead className={`${HEAD} text-right`}>{t('fields.uncertainty')}</TableHead>
                <TableHead className={HEAD}>{t('fields.scale')}</TableHead>
                <TableHead className={HEAD}>{t('fields.source')}</TableHead>
                <TableHead className={`${HEAD} ${WIDE_ONLY}`}>{t('fields.addedOn')}</TableHead>
                <TableHead className={HEAD}>{t('detail.state')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {versions.map((value) => {
                const state = versionState(material, value);
                return (
                  <TableRow key={value.id} data-state={state}>
                    <TableCell className="whitespace-nowrap">
                      {formatDisplayDate(value.validFrom, i18n.language)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{sheetNumber(value.value)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {value.uncertainty == null ? '—' : sheetNumber(value.uncertainty)}
                    </TableCell>
                    <TableCell>{scaleName(value.scale)}</TableCell>
                    <TableCell className="min-w-24 whitespace-normal break-words">{value.source ?? '—'}</TableCell>
                    <TableCell className={`whitespace-nowrap ${WIDE_ONLY}`}>
                      {formatDisplayDate(value.createdAt, i18n.language)}
                    </TableCell>
                    <TableCell>
                      <Badge variant={stateBadge[state]}>{t(`detail.${state}`)}</Badge>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {mayManage && NewValueDialog && (
        <NewValueDialog material={material} element={element} open={isAdding} onOpenChange={setAdding} />
      )}
    </Card>
  );
}
