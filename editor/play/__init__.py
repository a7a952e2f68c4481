"""The test-play mode (issue 12): play the open scenario, unsaved edits included."""
