// The business calendar and clock (DESIGN.md "Time and money"), shared by the portal and the server.
export * from './businessCalendar';
export * from './clock';
export * from './display';
