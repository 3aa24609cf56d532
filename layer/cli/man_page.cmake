# Writes clvet(1): the hand-written page IN with @CLVET_OPTIONS@ replaced by `CLVET options
# --man` (the option table's roff list).
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${CLVET} options --man OUTPUT_VARIABLE CLVET_OPTIONS
                COMMAND_ERROR_IS_FATAL ANY)
file(READ ${IN} page)
string(REPLACE "@CLVET_OPTIONS@\n" "${CLVET_OPTIONS}" page "${page}")
file(WRITE ${OUT} "${page}")
