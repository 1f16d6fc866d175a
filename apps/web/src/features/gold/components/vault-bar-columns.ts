import type { VaultBar } from '@qmgt/contracts';
import type { TableColumn } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format';
import { formatAmount } from '@/lib/money';

/** A vault bar as both lists show it: the public proof of reserves and the operators' list. */
export const vaultBarColumns: TableColumn<VaultBar>[] = [
  { header: 'Serial', mono: true, cell: (bar) => bar.serial },
  { header: 'Refinery', cell: (bar) => bar.refinery },
  { header: 'Fine grams', numeric: true, cell: (bar) => formatAmount(bar.fineGrams, 'GOLD') },
  { header: 'Allocated grams', numeric: true, cell: (bar) => formatAmount(bar.allocatedGrams, 'GOLD') },
  { header: 'Listed', cell: (bar) => formatDate(bar.addedAt) },
];
