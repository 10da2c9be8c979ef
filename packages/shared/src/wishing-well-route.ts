/**
 * The wishing well's page: under /activity, beside the sign-in calendar and the points shop. A
 * module of its own: the shell's route table names it without taking the well's API paths and
 * constants into the first load (they load with the page and the fairness page).
 */
export const WISHING_WELL_ROUTE = '/activity/wishingWell';
