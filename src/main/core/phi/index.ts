/** The PHI guard's public surface: detection, and the guard every stored text passes. */
export { detectPhi } from './detect';
export {
  findPhi,
  maskExcerpt,
  PhiGuard,
  PhiRefusedError,
  placeholderOf,
  REFUSE_PHI,
  type PhiSubject,
  type TextPlace,
} from './guard';
