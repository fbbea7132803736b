// Layer identification and the renderer's layer-list validation.
export { type EngineInputKind, engineInputKind } from './engine-inputs.ts';
export { identifyLayers, type LayerFile } from './identify-layers.ts';
export {
  type AuxiliaryKind,
  CAD_FLAVOURS,
  type CadFlavour,
  type Confidence,
  type DrillPlating,
  type Filetype,
  type IdentitySource,
  isLayerSide,
  isLayerType,
  isValidSideType,
  LAYER_SIDES,
  LAYER_TYPES,
  type LayerIdentity,
  type LayerSide,
  type LayerType,
} from './layer-types.ts';
export {
  detectFiletype,
  FILETYPE_SCAN_LIMIT,
  FILETYPE_SCAN_LIMIT_SYNC,
  FiletypeError,
  type SniffOptions,
  sniffFiletype,
  UNKNOWN_FILETYPE_MESSAGE,
} from './sniff-filetype.ts';
export {
  INVALID_SIDE_TYPE,
  LAYERS_NOT_AN_ARRAY,
  LayerListError,
  type LayerProblem,
  MISSING_IDENTITY,
  MISSING_SOURCE,
  type ViewerLayer,
  validateLayers,
} from './validate-layers.ts';
