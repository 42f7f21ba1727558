export const profileMessages = {
  wrongCurrentPassword: 'Поточний пароль невірний',
  passwordForEmail: 'Щоб змінити e-mail, вкажіть поточний пароль',
  passwordChanged: 'Пароль змінено. Інші сеанси завершено.',
  emailTaken: 'Користувач з таким e-mail вже існує',
  photoType: 'Фото має бути у форматі PNG, JPEG або WebP',
  photoTooLarge: 'Фото завелике: не більше 2 МБ',
  photoNotFound: 'Фото не знайдено',
} as const;
