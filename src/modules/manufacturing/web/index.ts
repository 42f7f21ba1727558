// The parts of manufacturing orders other modules' pages show (the /production board's cards).
export {
  MaterialsAvailability,
  ReadyToCompleteBadge,
  ShortMaterialsBadge,
  ShortMaterialsList,
} from './mo-availability.tsx';
