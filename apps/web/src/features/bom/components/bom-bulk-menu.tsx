// The BOM tab's bulk actions: confirm, link the best proposed part, (do not) populate, who
// supplies the parts, delete; each on the rows chosen or, when none is, on the rows shown.

import type { BomRow } from '@circuits/contracts';
import { Menu } from '@mantine/core';
import { BulkMenu } from '../../../components/table-toolbar.tsx';
import type { BomRowChange } from '../api/bom-api.ts';

/** Applies `change` to each target row (null: leaves it), then toasts `done` of the rows. */
export type BomBulkChange = (
  change: (row: BomRow) => BomRowChange | null,
  done: (rows: string) => string,
) => void;

interface BomBulkMenuProps {
  label: string;
  loading: boolean;
  disabled: boolean;
  /** "all", "3 chosen", "12 shown": what the actions apply to. */
  scope: string;
  bulk: BomBulkChange;
  /** Asks before deleting the rows. */
  onDelete: () => void;
}

export function BomBulkMenu({ label, loading, disabled, scope, bulk, onDelete }: BomBulkMenuProps) {
  return (
    <BulkMenu label={label} loading={loading} disabled={disabled}>
      <Menu.Item
        onClick={() =>
          bulk(
            (row) => (row.confirmed ? null : { confirmed: true }),
            (rows) => `${rows} confirmed`,
          )
        }
      >
        Confirm {scope}
      </Menu.Item>
      <Menu.Item
        onClick={() =>
          bulk(
            (row) =>
              row.part_id === null && row.suggestions[0]
                ? { part_id: row.suggestions[0].part_id }
                : null,
            (rows) => `The best proposed part linked to ${rows}`,
          )
        }
      >
        Link the best proposed part
      </Menu.Item>
      <Menu.Item
        onClick={() =>
          bulk(
            (row) =>
              row.refDesign.every((ref) => ref.doNotPopulate)
                ? null
                : {
                    refDesign: row.refDesign.map((ref) => ({
                      ...ref,
                      doNotPopulate: true,
                    })),
                  },
            (rows) => `${rows} marked do not populate`,
          )
        }
      >
        Do not populate {scope}
      </Menu.Item>
      <Menu.Item
        onClick={() =>
          bulk(
            (row) =>
              row.refDesign.some((ref) => ref.doNotPopulate)
                ? {
                    refDesign: row.refDesign.map((ref) => ({
                      ...ref,
                      doNotPopulate: false,
                    })),
                  }
                : null,
            (rows) => `${rows} populated`,
          )
        }
      >
        Populate {scope}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item
        onClick={() =>
          bulk(
            (row) => (row.custWillSupply ? null : { custWillSupply: true }),
            (rows) => `${rows} marked as supplied by you`,
          )
        }
      >
        We supply these parts
      </Menu.Item>
      <Menu.Item
        onClick={() =>
          bulk(
            (row) => (row.custWillSupply ? { custWillSupply: false } : null),
            (rows) => `${rows} bought by the factory again`,
          )
        }
      >
        Parts bought by the factory
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red" onClick={onDelete}>
        Delete {scope}
      </Menu.Item>
    </BulkMenu>
  );
}
