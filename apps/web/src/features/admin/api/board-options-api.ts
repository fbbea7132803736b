import {
  type AdminBoardOptionList,
  adminAddBoardOption,
  adminBoardOptions,
  adminDeleteBoardOption,
  adminOrderBoardOptions,
  adminRenameBoardOption,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';

type ListName = AdminBoardOptionList['name'];
type Key = string | number;

const BOARD_OPTIONS_KEY = ['admin', 'board-options'] as const;

export function useAdminBoardOptions() {
  return useQuery({
    queryKey: BOARD_OPTIONS_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminBoardOptions, { signal, errors: 'silent' })).lists,
  });
}

export type BoardOptionEdit =
  | { type: 'add'; value: Key; hex?: string }
  | { type: 'rename'; option: Key; value: Key; hex?: string }
  | { type: 'order'; options: Key[] }
  | { type: 'delete'; option: Key };

async function send(list: ListName, edit: BoardOptionEdit) {
  const params = { list };
  switch (edit.type) {
    case 'add':
      return apiRequest(adminAddBoardOption, {
        params,
        body: { value: edit.value, hex: edit.hex },
        // Field messages show beside the inputs; anything else as a toast.
        errors: 'inline',
      });
    case 'rename':
      return apiRequest(adminRenameBoardOption, {
        params,
        body: { option: edit.option, value: edit.value, hex: edit.hex },
        errors: 'inline',
      });
    case 'order':
      return apiRequest(adminOrderBoardOptions, { params, body: { options: edit.options } });
    case 'delete':
      return apiRequest(adminDeleteBoardOption, { params, body: { option: edit.option } });
  }
}

const DONE: Record<BoardOptionEdit['type'], (edit: never, boards: number) => string> = {
  add: (edit: { value: Key }) => `${edit.value} is offered`,
  rename: (edit: { value: Key }, boards) =>
    `Renamed to ${edit.value}${boards > 0 ? `; ${boards} saved board${boards === 1 ? '' : 's'} followed` : ''}`,
  order: () => 'The new order is offered',
  delete: (edit: { option: Key }) => `${edit.option} is no longer offered`,
};

/** Changes one list; the Board tab and every product page then load the options again. */
export function useEditBoardOptions(list: ListName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: BoardOptionEdit) => send(list, edit),
    onSuccess: async (answer, edit) => {
      queryClient.setQueryData<AdminBoardOptionList[]>(BOARD_OPTIONS_KEY, (lists) =>
        lists?.map((shown) => (shown.name === list ? answer.list : shown)),
      );
      const carried = answer.price_book_version
        ? `; price book version ${answer.price_book_version} keeps its price`
        : '';
      showToast('success', `${DONE[edit.type](edit as never, answer.boards_updated)}${carried}`);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[1] !== BOARD_OPTIONS_KEY[1],
      });
    },
  });
}
