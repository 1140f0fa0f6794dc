/** The product's name as shown in titles, the brand panel and the footer. */
export const PRODUCT_NAME = 'TD Workforce';
/** SPEC 2 Shell: the generic title shown on the dashboard. */
export const PRODUCT_TITLE = 'TD Workforce – Construction Workforce Management';
