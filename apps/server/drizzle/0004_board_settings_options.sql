-- What the board form offers at first (domain DEFAULT_BOARD_SETTINGS_OPTIONS, lists in the order
-- offered: FR4 first, HASL Lead Free first). Administrators change these rows later.
INSERT INTO "board_settings_options" ("name", "values") VALUES
  ('materials', '["FR4","FR4 High Tg","Aluminum","Rogers","Polyimide"]'::jsonb),
  ('numberLayers', '[1,2,4,6,8,10,12,14,16]'::jsonb),
  ('boardThicknessesMm', '[0.4,0.6,0.8,1,1.2,1.6,2,2.4,3.2]'::jsonb),
  ('finishings', '["HASL Lead Free","HASL with lead","ENIG","Gold Plating","ENEPIG","Immersion Tin","Immersion Silver","OSP","Bare Copper"]'::jsonb),
  ('units', '["in","mm"]'::jsonb),
  ('viaProcesses', '["Tenting vias","Plugged vias","Epoxy filled and capped","Untented"]'::jsonb),
  ('edgeRails', '["None","Round","Top and Bottom Side","Left and Right Side"]'::jsonb),
  ('panelCuttings', '["V-Scoring","Tab-routing","V-Scoring+Tab-routing"]'::jsonb),
  ('maskColors', '[{"name":"Green","hex":"#004200"},{"name":"Red","hex":"#b3121b"},{"name":"Yellow","hex":"#e3c100"},{"name":"Blue","hex":"#12408f"},{"name":"White","hex":"#f2f2f2"},{"name":"Black","hex":"#141414"},{"name":"Purple","hex":"#4b1c6e"},{"name":"Matte Black","hex":"#262626"},{"name":"Matte Green","hex":"#2f5e37"}]'::jsonb),
  ('silkColors', '[{"name":"White","hex":"#ffffff"},{"name":"Black","hex":"#000000"},{"name":"Yellow","hex":"#ffde00"}]'::jsonb),
  ('outerCopperWeightsOz', '[0.5,1,2,3]'::jsonb),
  ('innerCopperWeightsOz', '[0.5,1,2,3]'::jsonb);
