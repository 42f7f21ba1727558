// Every text of what the companies module adds to the companies list (reference-data.md §15). The logo's own
// rules (size, types) are worded by the contract's companiesMessages.

export const companiesWebMessages = {
  bankAccounts: (name: string) => `Банківські рахунки: ${name}`,
  logo: (name: string) => `Логотип: ${name}`,
  logoDialog: {
    title: (name: string) => `Логотип: ${name}`,
    description: 'Логотип друкується в документах компанії. PNG, JPEG або SVG, не більше 1 МБ.',
    alt: (name: string) => `Логотип компанії ${name}`,
    choose: 'Завантажити логотип',
    replace: 'Замінити логотип',
    uploading: 'Завантажую...',
    remove: 'Видалити логотип',
    removeTitle: 'Видалити логотип?',
    removeText: 'Документи компанії друкуватимуться без логотипа, доки ви не завантажите новий.',
    removeConfirm: 'Видалити',
    uploadFailed: 'Не вдалося завантажити логотип',
    removeFailed: 'Не вдалося видалити логотип',
    close: 'Закрити',
    cancel: 'Скасувати',
    errorTitle: 'Помилка',
  },
  numbering: {
    open: 'Нумерація',
    title: 'Нумерація документів',
    description:
      'Префікс кожного типу документів — від 1 до 6 літер або цифр. Новий префікс діє для нових документів і продовжує той самий лічильник.',
    loading: 'Завантажую нумерацію...',
    loadError: 'Не вдалося завантажити нумерацію',
    retry: 'Спробувати ще раз',
    saved: 'Нумерацію збережено',
    failed: 'Не вдалося зберегти нумерацію',
    cancel: 'Скасувати',
    save: 'Зберегти',
    type: 'Тип документа',
    prefix: 'Префікс',
    counter: 'Лічильник цього року',
    next: 'Наступний номер',
  },
} as const;
