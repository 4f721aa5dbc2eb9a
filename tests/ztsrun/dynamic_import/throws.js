// Imported only by import() in main.js: its evaluation throws.
throw new Error('thrown while evaluating throws.js');
