// What other modules may use of the items module's web part (decision 0017).
export { ItemSourcePicker, type ItemSource } from './item-source-picker.tsx';
