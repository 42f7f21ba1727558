// What other modules may use of the items module's web part (decision 0017).
export { ItemSourcePicker, type ItemSource } from './item-source-picker.tsx';
export { ItemPicker, itemOptionDetails, itemOptionsQueryKey, type ItemPickerSource } from './item-picker.tsx';
