/**
 * Where the app start keeps the `?invite=` code (local storage) and the `?trace=` parameter
 * (session storage) of the visit for the registration form. Here rather than in the form: the
 * start runs on every page, the form's code loads with the login dialog.
 */
export const INVITE_STORAGE_KEY = 'invite_code';
export const TRACE_STORAGE_KEY = 'register_trace';
