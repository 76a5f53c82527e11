-- A booked sample's source is its booking's origin (services/bookings.ts sourceOfBooking): the public
-- order form when nobody signed in made the booking, the client-side lab when staff entered it.
-- Samples booked before that rule had none; a source someone typed is kept.
UPDATE "sample_entry" AS s
SET "source" = CASE WHEN b."created_by" IS NULL THEN 'Order form' ELSE 'Client-side lab' END
FROM "booking" AS b
WHERE s."booking_id" = b."id" AND s."source" IS NULL;
