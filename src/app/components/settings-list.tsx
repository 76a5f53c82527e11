import { PencilIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission, type Permission } from '@/shared/permissions';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { CreateButton } from '@/app/components/create-button';
import { FilterInput } from '@/app/components/filter-input';
import { ListCards, useListAsCards, type ListCard } from '@/app/components/list-cards';
import { ListPager } from '@/app/components/list-pager';
import { ListTable } from '@/app/components/list-table';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { usePermissions } from '@/app/lib/session/use-session';
import { PageFrame } from '@/app/components/page/page-frame';

// The administration lists (accounts, roles, countries) are one screen with different records: a
// title with the create button, free-text filters, the table (cards on a phone where given), the
// pager, and the record's create/edit dialog. This is that screen, once.

export type SettingsColumn = { label: string; className?: string };

/** One record's row: its cells, then its actions besides editing, which the last column ("Actions") holds. */
export type SettingsRow = { key: string | number; cells: ReactNode; actions?: ReactNode; pending?: boolean };

/** Who may create such records, and who may edit them (by the pencil on each row). */
export type SettingsPermissions = { create: Permission; edit: Permission };

/**
 * A row action that asks first (send a password reset, delete): its button, then the app's one
 * confirm dialog about that record.
 */
export type SettingsAsk<T> = {
  /** Whether this record offers the action to this user now. */
  when: (item: T) => boolean;
  label: (item: T) => string;
  icon: ReactNode;
  title: string;
  description: (item: T) => string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: (item: T) => unknown;
};

/** A free-text filter: the name it has in the list's filters, and its label. */
export type SettingsFilter<F> = { name: keyof F & string; label: string };

/** The list's filters and page, as `useListFilters` keeps them. */
export type SettingsView<F> = {
  filters: F;
  setFilter: (name: keyof F, value: string) => void;
  page: { limit: number; offset: number };
  setPage: (page: { limit: number; offset: number }) => void;
};

/** What the table shows: the page of records, whether it loads, why it could not, and how many there are. */
export type SettingsRecords<T> = { items: readonly T[]; isLoading: boolean; error: unknown; total: number };

/** A list query's answer as the table reads it. */
export function queriedRecords<T>(query: {
  data?: { items: T[]; total: number };
  isPending: boolean;
  error: unknown;
}): SettingsRecords<T> {
  return {
    items: query.data?.items ?? [],
    isLoading: query.isPending,
    error: query.error,
    total: query.data?.total ?? 0,
  };
}

const FILTER_GRID: Record<number, string> = { 2: 'grid gap-3 sm:grid-cols-2', 3: 'grid gap-3 sm:grid-cols-3' };

export function SettingsListPage<T, F extends Record<string, string>>({
  words,
  editor,
  permissions,
  nameOf,
  editableNow,
  notices,
  view,
  filters,
  columns,
  records: { items, isLoading, error, total },
  row,
  ask,
  card,
  children,
}: {
  /** The list's texts (namespace): its `title`, the `create` button's label and `editNamed`. */
  words: string;
  /** Opens the record's create/edit dialog (`useRecordDialog`). */
  editor: { create: () => void; edit: (item: T) => void };
  permissions: SettingsPermissions;
  /** The record's name, as the pencil names it ("Edit admin"). */
  nameOf: (item: T) => string;
  /** Whether this record can be edited now (e.g. not while its deletion waits to be sent). */
  editableNow?: (item: T) => boolean;
  /** Said above the filters, e.g. that the list is this device's copy. */
  notices?: ReactNode;
  view: SettingsView<F>;
  filters: SettingsFilter<F>[];
  /** The record's columns (a heading alone, or with its classes); the actions column follows them. */
  columns: (string | SettingsColumn)[];
  records: SettingsRecords<T>;
  row: (item: T) => SettingsRow;
  ask?: SettingsAsk<T>;
  /** The record as a card at phone width (`onAsk` starts the `ask` action); else the table scrolls sideways there. */
  card?: (item: T, onAsk: (item: T) => void) => ListCard;
  /** The record's dialogs. */
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const held = usePermissions();
  const asCards = useListAsCards();
  const [asking, setAsking] = useState<T | null>(null);
  const title = t(`${words}:title`);
  const canCreate = hasAnyPermission(held, [permissions.create]);
  const canEdit = hasAnyPermission(held, [permissions.edit]);
  const heads = columns.map((column) => (typeof column === 'string' ? { label: column } : column));
  const filterInputs = filters.map((filter) => (
    <FilterInput
      key={filter.name}
      className={filters.length === 1 ? 'sm:max-w-xs' : undefined}
      label={filter.label}
      value={view.filters[filter.name] ?? ''}
      onChange={(value) => view.setFilter(filter.name, value)}
    />
  ));
  return (
    <PageFrame
      title={title}
      actions={canCreate && <CreateButton label={t(`${words}:create`)} onClick={editor.create} />}
    >
      <Card>
        <CardContent className="grid gap-4">
          {notices}
          {filters.length === 1 ? filterInputs : <div className={FILTER_GRID[filters.length]}>{filterInputs}</div>}
          {card && asCards ? (
            <ListCards
              label={title}
              items={items}
              isLoading={isLoading}
              error={error}
              card={(item) => card(item, setAsking)}
            />
          ) : (
            <ListTable
              columns={heads.length + 1}
              isLoading={isLoading}
              error={error}
              items={items}
              head={
                <>
                  {heads.map((column) => (
                    <TableHead key={column.label} className={column.className}>
                      {column.label}
                    </TableHead>
                  ))}
                  <TableHead className="text-right">{t('actions')}</TableHead>
                </>
              }
              row={(item) => {
                const { key, cells, actions, pending } = row(item);
                return (
                  <TableRow key={key} data-pending={pending || undefined}>
                    {cells}
                    <TableCell className="text-right">
                      {canEdit && (editableNow?.(item) ?? true) && (
                        <RowAction
                          label={t(`${words}:editNamed`, { name: nameOf(item) })}
                          icon={<PencilIcon />}
                          onClick={() => editor.edit(item)}
                        />
                      )}
                      {ask?.when(item) && (
                        <RowAction label={ask.label(item)} icon={ask.icon} onClick={() => setAsking(item)} />
                      )}
                      {actions}
                    </TableCell>
                  </TableRow>
                );
              }}
            />
          )}
          <ListPager total={total} limit={view.page.limit} offset={view.page.offset} onChange={view.setPage} />
        </CardContent>
      </Card>
      {children}
      {ask && (
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(open) => !open && setAsking(null)}
          title={ask.title}
          description={asking ? ask.description(asking) : ''}
          confirmLabel={ask.confirmLabel}
          destructive={ask.destructive}
          onConfirm={() => asking && ask.onConfirm(asking)}
        />
      )}
    </PageFrame>
  );
}

/** A row's action, an icon button named by what it does to which record. */
export function RowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      {icon}
    </Button>
  );
}

/** Whether a record (an account, a role) is in use, as a badge: `label` is the word for its state. */
export function ActiveBadge({ active, label }: { active: boolean; label: string }) {
  return <Badge variant={active ? 'secondary' : 'outline'}>{label}</Badge>;
}

/**
 * Which record the create/edit dialog is open for: none (closed), a new one, or one to edit. The
 * dialog is given a fresh key per record, so each opening starts from that record's values.
 */
export function useRecordDialog<T extends { id: string | number }>() {
  const [editing, setEditing] = useState<{ record?: T } | null>(null);
  return {
    record: editing?.record,
    create: () => setEditing({}),
    edit: (record: T) => setEditing({ record }),
    /** The dialog's key (given apart: React takes no key from a spread). */
    dialogKey: editing?.record?.id ?? 'create',
    dialog: {
      open: editing !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setEditing(null);
      },
    },
  };
}
