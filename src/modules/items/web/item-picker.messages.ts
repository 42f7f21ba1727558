// What the item picker says.
export const itemPickerMessages = {
  placeholder: 'Назва, артикул або штрих-код',
  /** The search box's name, by where it searches. */
  search: { all: 'Пошук товару', products: 'Пошук товару', components: 'Пошук компонента' },
  searching: 'Пошук...',
  nothing: 'Нічого не знайдено',
  searchError: 'Не вдалося виконати пошук',
  /** Free stock (on hand − reserved) beside the price: 'Доступно 12 шт', as the stock pages name it. */
  free: (qty: string, unit: string) => `Доступно ${qty}${unit ? ` ${unit}` : ''}`,
};
