CREATE TABLE users (id serial PRIMARY KEY);
