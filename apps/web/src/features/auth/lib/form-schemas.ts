// The schemas of the forms a visitor fills in before logging in, loaded when first needed: the
// contracts and zod are most of what those pages would otherwise download first.

export const loadLoginSchema = () =>
  import('@circuits/contracts/auth').then((contracts) => contracts.LoginInput);

export const loadRegisterSchema = () =>
  import('@circuits/contracts/auth').then((contracts) => contracts.RegisterInput);

export const loadForgotPasswordSchema = () =>
  import('@circuits/contracts/auth').then((contracts) => contracts.ForgotPasswordInput);

export const loadResetPasswordSchema = () =>
  import('./password-forms.ts').then((forms) => forms.ResetPasswordForm);
