import {
  addProduct,
  duplicateProduct,
  getProduct,
  type Product,
  type ProductPage,
  updateProduct,
  updateProductProject,
  updateProductVisibility,
} from '@circuits/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The product page; `onLoaded` hears each page as it arrives, before it is drawn. */
export function useProductPage(productId: number, onLoaded?: (page: ProductPage) => void) {
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  return useQuery({
    queryKey: queryKeys.product(productId),
    queryFn: async ({ signal }) => {
      const page = await apiRequest(getProduct, { params: { id: productId }, signal });
      loaded.current?.(page);
      return page;
    },
  });
}

/** Keeps the product page and the projects lists in step with a product the server changed. */
function useProductChanged() {
  const client = useQueryClient();
  return (product: Product) => {
    client.setQueryData<ProductPage>(queryKeys.product(product.id), (page) =>
      page ? { ...page, product } : page,
    );
    void client.invalidateQueries({ queryKey: queryKeys.projects });
  };
}

export interface NewProduct {
  projectId: number;
  form: FormData;
  onUploadProgress: (fraction: number) => void;
}

export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    /** The new product, with what its files were recognised as. */
    mutationFn: ({ projectId, form, onUploadProgress }: NewProduct) =>
      apiRequest(addProduct, {
        params: { id: projectId },
        body: form,
        errors: 'inline',
        onUploadProgress,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}

export function useUpdateProduct(productId: number) {
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async (form: FormData) =>
      (await apiRequest(updateProduct, { params: { id: productId }, body: form, errors: 'inline' }))
        .product,
    onSuccess: changed,
  });
}

export function useProductVisibility(productId: number) {
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async (visible: boolean) =>
      (await apiRequest(updateProductVisibility, { params: { id: productId }, body: { visible } }))
        .product,
    onSuccess: changed,
  });
}

export function useDuplicateProduct(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (copy: { name: string; projectId: number }) =>
      (
        await apiRequest(duplicateProduct, {
          params: { id: productId },
          body: { name: copy.name, project_id: copy.projectId },
          errors: 'inline',
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}

export function useMoveProduct(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: number) =>
      (
        await apiRequest(updateProductProject, {
          params: { id: productId },
          body: { product_id: productId, project_id: projectId },
          errors: 'inline',
        })
      ).product,
    // The page shows the project the product is in: load it again with the new one.
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.product(productId) });
      await client.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}
