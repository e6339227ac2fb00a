/** The accessibility statement (issue 43): its page, linked in the footer and on the login page. */
export { AccessibilityStatementPage } from './AccessibilityStatementPage';
