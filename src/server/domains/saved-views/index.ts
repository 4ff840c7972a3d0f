/**
 * Saved views of /Tickets: the built-in views every user sees and each user's own named views
 * (docs/behaviour.md "Saved views").
 */
export { createView, deleteView, listViews, renameView } from './views';
