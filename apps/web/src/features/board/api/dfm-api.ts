import { getBoardDfm } from '@circuits/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The design-for-manufacture check of the board as saved (the server checks it with its render).
 * `version` changes when the board is measured again (new files, new settings), which asks anew.
 */
export function useBoardDfm(productId: number, version: string, enabled: boolean) {
  return useQuery({
    queryKey: ['board', 'dfm', productId, version] as const,
    queryFn: ({ signal }) => apiRequest(getBoardDfm, { params: { id: productId }, signal }),
    enabled,
    staleTime: 60_000,
  });
}
