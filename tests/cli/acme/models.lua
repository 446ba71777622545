-- A library in a folder, loaded with -l acme.models: its global is named "acme.models".
return { answer = 42 }
