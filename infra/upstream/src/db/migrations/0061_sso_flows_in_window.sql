-- A sign-in started from the sign-in dialog of an open console runs in a window of its own: the
-- callback tells the login screen so (`window=1`), which stores the session and closes the window.
ALTER TABLE "sso_flows" ADD COLUMN "in_window" boolean DEFAULT false NOT NULL;
