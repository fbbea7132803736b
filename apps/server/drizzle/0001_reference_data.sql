-- Trigram search for the parts catalogue (PGlite loads the pg_trgm contrib module at open).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Fixed ids: SPEC §9 refers to currencies by id (1 CAD for Canada, 3 EUR for France, 2 USD otherwise).
INSERT INTO "currencies" ("id", "name") VALUES (1, 'CAD'), (2, 'USD'), (3, 'EUR');
--> statement-breakpoint
INSERT INTO "shipping_agents" ("id", "name", "code", "sort_order") VALUES
  (1, 'UPS', 'ups', 1),
  (2, 'FedEx', 'fedex', 2),
  (3, 'DHL Express', 'dhl_express', 3),
  (4, 'USPS', 'usps', 4),
  (5, 'Canada Post', 'canada_post', 5),
  (6, 'Purolator', 'purolator', 6),
  (7, 'Chronopost', 'chronopost', 7);
--> statement-breakpoint
INSERT INTO "shipping_services" ("agent_id", "name", "sort_order") VALUES
  (1, 'UPS Ground', 1),
  (1, 'UPS 3 Day Select', 2),
  (1, 'UPS 2nd Day Air', 3),
  (1, 'UPS Next Day Air', 4),
  (1, 'UPS Standard', 5),
  (1, 'UPS Worldwide Expedited', 6),
  (1, 'UPS Worldwide Saver', 7),
  (1, 'UPS Worldwide Express', 8),
  (2, 'FedEx Ground', 1),
  (2, 'FedEx Express Saver', 2),
  (2, 'FedEx 2Day', 3),
  (2, 'FedEx Standard Overnight', 4),
  (2, 'FedEx Priority Overnight', 5),
  (2, 'FedEx International Economy', 6),
  (2, 'FedEx International Priority', 7),
  (3, 'DHL Express Worldwide', 1),
  (3, 'DHL Express 12:00', 2),
  (3, 'DHL Express 9:00', 3),
  (3, 'DHL Economy Select', 4),
  (4, 'USPS Ground Advantage', 1),
  (4, 'Priority Mail', 2),
  (4, 'Priority Mail Express', 3),
  (4, 'Priority Mail International', 4),
  (4, 'Priority Mail Express International', 5),
  (5, 'Regular Parcel', 1),
  (5, 'Expedited Parcel', 2),
  (5, 'Xpresspost', 3),
  (5, 'Priority', 4),
  (6, 'Purolator Ground', 1),
  (6, 'Purolator Express', 2),
  (7, 'Chrono 13', 1),
  (7, 'Chrono 18', 2),
  (7, 'Chrono Classic', 3),
  (7, 'Chrono Express', 4);
