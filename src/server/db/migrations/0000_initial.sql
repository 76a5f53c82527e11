CREATE TABLE "analysis" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_code" text,
	"idfl_number" text,
	"material" text,
	"country_code" text,
	"sources" text,
	"classify" text DEFAULT 'Pending' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"prediction" text,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"conclusion" text,
	"analysis_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"country_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"last_signed_in_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"actor_id" integer,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_number" text NOT NULL,
	"applicant_contact_person" text NOT NULL,
	"applicant_company" text NOT NULL,
	"telephone" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"city_state_country" text NOT NULL,
	"email_report_to_email" text,
	"sample_description" text,
	"rush_service" boolean DEFAULT false NOT NULL,
	"special_instructions" text,
	"return_sample" boolean DEFAULT false NOT NULL,
	"send_report_hardcopy" boolean DEFAULT false NOT NULL,
	"send_report_email" boolean DEFAULT true NOT NULL,
	"send_report_fax" boolean DEFAULT false NOT NULL,
	"booking_notes" text,
	"status" text DEFAULT 'UnConfirmed' NOT NULL,
	"cancel_reason" text,
	"sample_prepared_date" date NOT NULL,
	"is_agree_registration" boolean DEFAULT false NOT NULL,
	"is_confirm_accurate" boolean DEFAULT false NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_booking_number_unique" UNIQUE("booking_number")
);
--> statement-breakpoint
CREATE TABLE "booking_factory" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"factory_name" text,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address" text,
	"city_state_country" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "booking_payer" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"is_the_same_client_info" boolean DEFAULT true NOT NULL,
	"company_name" text,
	"address" text,
	"city_state_country" text,
	"phone" text,
	"contact_name" text,
	"email" text,
	"send_invoice_to_email" text
);
--> statement-breakpoint
CREATE TABLE "booking_retailer" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"retailer_name" text,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "booking_sample_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"composition" text NOT NULL,
	"expected_origins" jsonb NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_entry_id" integer NOT NULL,
	"token" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'Valid' NOT NULL,
	"content" jsonb NOT NULL,
	"file_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	"superseded_by_id" integer,
	CONSTRAINT "certificate_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "clean_isotope_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_code" text NOT NULL,
	"material" text NOT NULL,
	"classify" text,
	"country_code" text NOT NULL,
	"region" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"d13c" double precision,
	"d2h" double precision,
	"d18o" double precision,
	"other_elements" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_by" text,
	"source_sample_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "dispatch_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_code" text NOT NULL,
	"package_name" text NOT NULL,
	"shippment_number" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"notes" text,
	"sent_date" timestamp with time zone,
	"sent_by" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_batch_package_code_unique" UNIQUE("package_code")
);
--> statement-breakpoint
CREATE TABLE "idempotency_record" (
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_record_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"permission" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_sequence" (
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "number_sequence_name_year_pk" PRIMARY KEY("name","year")
);
--> statement-breakpoint
CREATE TABLE "outbound_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "push_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscription_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "quick_fill_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"company_data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sample_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"idfl_number" text NOT NULL,
	"booking_id" integer,
	"booking_sample_type_id" integer,
	"sample_code" text,
	"sample_type" text,
	"source" text,
	"local_code" text,
	"bn_code" text,
	"status" text NOT NULL,
	"expected_conclusion" text,
	"sample_information" text,
	"isotope_mix" text,
	"isotope_color" text,
	"country_code" text,
	"identification_notes" text,
	"unit" text,
	"initial_weight" double precision,
	"sent_weight" double precision,
	"remaining_weight" double precision,
	"storage_area" text,
	"shipment_number" text,
	"package_code" text,
	"dispatch_batch_id" integer,
	"received_date" timestamp with time zone,
	"received_by" text,
	"confirm_date" timestamp with time zone,
	"analysis_date" timestamp with time zone,
	"sample_return_date" timestamp with time zone,
	"sent_to_tester_date" timestamp with time zone,
	"sent_to_tester_by" integer,
	"tester_received_date" timestamp with time zone,
	"tester_received_by" integer,
	"sent_date" timestamp with time zone,
	"sent_by" integer,
	"smell" boolean DEFAULT false NOT NULL,
	"dirty" boolean DEFAULT false NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"evaluation_by_region_ratio" jsonb,
	"evaluation_by_mix_ratio" jsonb,
	"note" text,
	"image_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_idfl_info" text,
	"from_client_info" text,
	"conclusion" text,
	"predicted_origin" text,
	"consistent_with_predicted_origin" boolean,
	"consistent_with_xinjiang_origin" boolean,
	"final_result_confirmed_by" integer,
	"final_result_confirmed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_entry_idfl_number_unique" UNIQUE("idfl_number")
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_lab_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_entry_id" integer NOT NULL,
	"lab_name" text DEFAULT 'hoanVuLab' NOT NULL,
	"sent_date" timestamp with time zone,
	"received_date" timestamp with time zone,
	"result_returned_date" timestamp with time zone,
	"notes" text,
	"report_file_id" uuid,
	"carbon" double precision,
	"hydrogen" double precision,
	"oxygen" double precision,
	"result_entered_by" integer,
	"checked_in_date" timestamp with time zone,
	"checked_in_by" integer,
	"test_team_confirmed_date" timestamp with time zone,
	"test_team_confirmed_by" integer,
	"idfl_sent_date" timestamp with time zone,
	"idfl_sent_by" integer,
	"idfl_confirmed_date" timestamp with time zone,
	"idfl_confirmed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis" ADD CONSTRAINT "analysis_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_country_id_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_confirmed_by_app_user_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_cancelled_by_app_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_factory" ADD CONSTRAINT "booking_factory_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_payer" ADD CONSTRAINT "booking_payer_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_retailer" ADD CONSTRAINT "booking_retailer_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sample_type" ADD CONSTRAINT "booking_sample_type_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_sample_entry_id_sample_entry_id_fk" FOREIGN KEY ("sample_entry_id") REFERENCES "public"."sample_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_issued_by_app_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_revoked_by_app_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clean_isotope_record" ADD CONSTRAINT "clean_isotope_record_source_sample_entry_id_sample_entry_id_fk" FOREIGN KEY ("source_sample_entry_id") REFERENCES "public"."sample_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_batch" ADD CONSTRAINT "dispatch_batch_sent_by_app_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_batch" ADD CONSTRAINT "dispatch_batch_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscription" ADD CONSTRAINT "push_subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_booking_id_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_booking_sample_type_id_booking_sample_type_id_fk" FOREIGN KEY ("booking_sample_type_id") REFERENCES "public"."booking_sample_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_dispatch_batch_id_dispatch_batch_id_fk" FOREIGN KEY ("dispatch_batch_id") REFERENCES "public"."dispatch_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_sent_to_tester_by_app_user_id_fk" FOREIGN KEY ("sent_to_tester_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_tester_received_by_app_user_id_fk" FOREIGN KEY ("tester_received_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_sent_by_app_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_entry" ADD CONSTRAINT "sample_entry_final_result_confirmed_by_app_user_id_fk" FOREIGN KEY ("final_result_confirmed_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_uploaded_by_app_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_sample_entry_id_sample_entry_id_fk" FOREIGN KEY ("sample_entry_id") REFERENCES "public"."sample_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_report_file_id_stored_file_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_result_entered_by_app_user_id_fk" FOREIGN KEY ("result_entered_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_checked_in_by_app_user_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_test_team_confirmed_by_app_user_id_fk" FOREIGN KEY ("test_team_confirmed_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_idfl_sent_by_app_user_id_fk" FOREIGN KEY ("idfl_sent_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_lab_entry" ADD CONSTRAINT "third_lab_entry_idfl_confirmed_by_app_user_id_fk" FOREIGN KEY ("idfl_confirmed_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_date" ON "analysis" USING btree ("analysis_date");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_username_lower" ON "app_user" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_email_lower" ON "app_user" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_record_entity" ON "audit_record" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "booking_status_created" ON "booking" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "booking_email" ON "booking" USING btree ("email");--> statement-breakpoint
CREATE INDEX "certificate_sample" ON "certificate" USING btree ("sample_entry_id");--> statement-breakpoint
CREATE INDEX "clean_isotope_material_country" ON "clean_isotope_record" USING btree ("material","country_code");--> statement-breakpoint
CREATE INDEX "notification_created" ON "notification" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_user" ON "notification" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_permission" ON "notification" USING btree ("permission");--> statement-breakpoint
CREATE INDEX "quick_fill_email" ON "quick_fill_code" USING btree ("email");--> statement-breakpoint
CREATE INDEX "quick_fill_phone" ON "quick_fill_code" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "refresh_token_family" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sample_entry_status_updated" ON "sample_entry" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "sample_entry_booking" ON "sample_entry" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "sample_entry_received" ON "sample_entry" USING btree ("received_date");--> statement-breakpoint
CREATE INDEX "sample_entry_package" ON "sample_entry" USING btree ("package_code");--> statement-breakpoint
CREATE INDEX "sample_entry_updated" ON "sample_entry" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sample_entry_dispatch_batch" ON "sample_entry" USING btree ("dispatch_batch_id");--> statement-breakpoint
CREATE INDEX "third_lab_entry_sample" ON "third_lab_entry" USING btree ("sample_entry_id");