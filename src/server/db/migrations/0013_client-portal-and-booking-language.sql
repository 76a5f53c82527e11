CREATE TABLE "client_booking_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_booking_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"email" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_booking_preference" (
	"booking_id" integer NOT NULL,
	"email" text NOT NULL,
	"mails_off" boolean DEFAULT false NOT NULL,
	"last_viewed_at" timestamp with time zone,
	CONSTRAINT "client_booking_preference_booking_id_email_pk" PRIMARY KEY("booking_id","email")
);
--> statement-breakpoint
CREATE TABLE "client_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "client_sign_in_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_sign_in_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_booking_mail" ADD CONSTRAINT "client_booking_mail_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_booking_note" ADD CONSTRAINT "client_booking_note_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_booking_preference" ADD CONSTRAINT "client_booking_preference_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_booking_mail_booking" ON "client_booking_mail" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "client_booking_note_booking" ON "client_booking_note" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "client_sign_in_link_email" ON "client_sign_in_link" USING btree ("email");