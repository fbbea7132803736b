// The projects a product can be created in, copied to or moved to, as the route hands them over.

export interface ProjectOption {
  id: number;
  title: string;
  companyName: string;
  assemblies: readonly { id: number; title: string }[];
}
